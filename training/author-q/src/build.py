import sys, json, random, re, collections
sys.path.insert(0,'.')
import lib, c1,c2,c3,c4,c5,c6,c7,c8
cases=list(lib.CASES)
random.Random(20240917).shuffle(cases)
with open('../coverage.jsonl','w') as f:
    for i,c in enumerate(cases,1):
        d={"id":f"q-{i:04d}","words":c['words'],"intent":c['intent'],"covered":not c['missing'],"missing":c['missing']}
        f.write(json.dumps(d,ensure_ascii=False)+"\n")
