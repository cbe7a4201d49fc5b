import json, re, collections
rows=[json.loads(l) for l in open('../coverage.jsonl')]
ids=[r['id'] for r in rows]; assert len(ids)==len(set(ids))
bad=0
seen=set()
for r in rows:
    assert r['words'] and all(isinstance(w,str) and w and w[0].isupper() and ' ' not in w for w in r['words']), r
    assert len(r['words'])>=2, r
    assert r['covered']==(r['missing']==[]), r
    assert len(r['missing'])<=2, r
    n=len(r['intent'].split()); assert 3<=n<=30, r
    key=(tuple(r['words']),r['intent']); assert key not in seen, r; seen.add(key)
    toks=re.findall(r"[a-z']+", r['intent'].lower())
    for m in r['missing']:
        assert m==m.lower()
        if not any(t==m or t.startswith(m) or (len(m)>3 and t.startswith(m[:-1])) for t in toks):
            print("lemma?",m,r['intent']); bad+=1
        if m in [w.lower() for w in r['words']]: print("missing equals a Word", r); bad+=1
    if len(set(r['words']))!=len(r['words']): print("dup word", r)
cov=sum(r['covered'] for r in rows)
print("total",len(rows),"covered",cov,"not",len(rows)-cov)
print("distinct Words",len({w for r in rows for w in r['words']}))
print("words per spell",sorted(collections.Counter(len(r['words']) for r in rows).items()))
print("missing count dist",sorted(collections.Counter(len(r['missing']) for r in rows).items()))
print("bad",bad)
