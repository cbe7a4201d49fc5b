import json,glob,re,collections,sys
rows=[]
for f in sorted(glob.glob('c*.txt')):
    for i,l in enumerate(open(f)):
        l=l.rstrip('\n')
        if not l.strip(): continue
        parts=l.split('|')
        assert len(parts)==3,(f,i,l)
        w=parts[0].split(); it=parts[1].strip(); m=[x.strip() for x in parts[2].split(',') if x.strip()]
        rows.append((f,i+1,w,it,m))
# checks
irregular={'people':'person'}
def toks(s): return re.findall(r"[a-z']+",s.lower())
bad=0
intents=collections.Counter(r[3] for r in rows)
for f,i,w,it,m in rows:
    n=len(it.split())
    if n<3 or n>30: print('LEN',f,i,n,it); bad+=1
    if len(w)<2: print('WORDS',f,i); bad+=1
    if len(set(w))!=len(w): print('DUPW',f,i)
    if len(m)>2: print('MISS>2',f,i)
    tk=toks(it)
    for lem in m:
        ok=any(t==lem or t.startswith(lem[:max(3,len(lem)-1)]) for t in tk)
        if not ok: print('LEMMA?',f,i,lem,'|',it); bad+=1
    if intents[it]>1: print('DUPINTENT',f,i,it)
cov=sum(1 for r in rows if not r[4])
print('total',len(rows),'covered',cov,'not',len(rows)-cov)
print('wordcount',collections.Counter(len(r[2]) for r in rows))
allw=collections.Counter(x for r in rows for x in r[2])
print('distinct words',len(allw)); print(allw.most_common(30))
if '--write' in sys.argv:
    import random; random.Random(7).shuffle(rows)
    with open('../coverage.jsonl','w') as o:
        for k,(f,i,w,it,m) in enumerate(rows):
            o.write(json.dumps({"id":"r-%04d"%(k+1),"words":w,"intent":it,"covered":not m,"missing":m},ensure_ascii=False)+'\n')
