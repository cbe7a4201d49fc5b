import json, re, glob, itertools, sys
from collections import Counter

IRREG = {
 'freeze':['froze','frozen'],'wolf':['wolves'],'leaf':['leaves'],'thief':['thieves'],'knife':['knives'],
 'wake':['woke','woken'],'speak':['spoke','spoken'],'fly':['flew','flown','flies'],'grow':['grew','grown'],
 'break':['broke','broken'],'fall':['fell','fallen'],'sink':['sank','sunk'],'swim':['swam'],'sing':['sang','sung'],
 'forget':['forgot','forgotten'],'hide':['hid','hidden'],'bind':['bound'],'steal':['stole','stolen'],
 'shake':['shook','shaken'],'bite':['bit','bitten'],'draw':['drew','drawn'],'blow':['blew','blown'],
 'see':['saw','seen'],'run':['ran'],'dig':['dug'],'tear':['tore','torn'],'weave':['wove','woven'],
 'sleep':['slept'],'dream':['dreamt'],'feel':['felt'],'hold':['held'],'strike':['struck'],'swing':['swung'],
 'mouse':['mice'],'goose':['geese'],'man':['men'],'tooth':['teeth'],'foot':['feet'],'child':['children'],
 'throw':['threw','thrown'],'drink':['drank','drunk'],'bring':['brought'],'teach':['taught'],'seek':['sought'],
 'shine':['shone'],'rise':['rose','risen'],'ride':['rode','ridden'],'write':['wrote','written'],'light':['lit'],
 'sting':['stung'],'spin':['spun'],'cling':['clung'],'heavy':['heavier'],'bright':['brighter'],'fast':['faster'],
 'wife':['wives'],'shelf':['shelves'],'calf':['calves'],'half':['halves'],'hoof':['hooves'],'loaf':['loaves'],
 'louse':['lice'],'ox':['oxen'],'sheep':['sheep'],'deer':['deer'],'fish':['fish'],'die':['dying'],'lie':['lying'],
 'bleed':['bled'],'feed':['fed'],'lead':['led'],'shoot':['shot'],'slide':['slid'],'stick':['stuck'],'sweep':['swept'],
 'tell':['told'],'understand':['understood'],'weep':['wept'],'wind':['wound'],'choose':['chose','chosen'],
 'good':['better'],'far':['farther','further'],'dry':['drier','dried'],'shrink':['shrank','shrunk'],'hang':['hung'],
 'forgive':['forgave'],'sell':['sold'],'drive':['drove','driven'],'bear':['bore','borne'],'know':['knew','known'],
 'fight':['fought'],'catch':['caught'],'spit':['spat'],'buy':['bought'],'leave':['left'],'keep':['kept'],'sweat':['sweat'],
}
def forms(L):
    f={L}
    f|= {L+'s',L+'es',L+'ed',L+'d',L+'ing',L+'er',L+'est',L+'r',L+'st'}
    if L.endswith('e'): f|={L[:-1]+'ing',L[:-1]+'ed'}
    if L.endswith('y'): f|={L[:-1]+'ies',L[:-1]+'ied',L[:-1]+'ier',L[:-1]+'iest'}
    if len(L)>2 and L[-1] not in 'aeiouwxy' and L[-2] in 'aeiou': f|={L+L[-1]+'ed',L+L[-1]+'ing',L+L[-1]+'er',L+L[-1]+'est'}
    if L.endswith('f'): f|={L[:-1]+'ves'}
    f|=set(IRREG.get(L,[]))
    return f

def parse(path):
    groups=[]; cur={}
    for line in open(path):
        line=line.rstrip('\n')
        if not line.strip():
            if cur: groups.append(cur); cur={}
            continue
        k,_,v=line.partition(':'); v=v.strip()
        cur[k]=v
    if cur: groups.append(cur)
    return groups

groups=[]
for p in sorted(glob.glob('chunk*.txt'), key=lambda s:int(re.findall(r'\d+',s)[0])):
    for g in parse(p):
        g['_file']=p; groups.append(g)

perms=list(itertools.permutations(['P','C','S']))
cases=[]; errs=[]
seen_int=set()
for gi,g in enumerate(groups,1):
    for k in 'KWMPCS':
        if k not in g: errs.append((gi,'no '+k,g)); 
    words=g['W'].split()
    missing=[m.strip() for m in g['M'].split(',') if m.strip()]
    if len(words)<2: errs.append((gi,'words<2'))
    if len(missing)>2: errs.append((gi,'missing>2'))
    order=perms[(gi*5)%6]
    for r in order:
        intent=g[r]
        n=len(intent.split())
        if not (3<=n<=30): errs.append((gi,r,'len',n,intent))
        if intent in seen_int: errs.append((gi,'dup intent'))
        seen_int.add(intent)
        toks=set(re.findall(r"[a-z]+", intent.lower()))
        for m in missing:
            if not (forms(m)&toks): errs.append((gi,r,'lemma not found',m,intent))
        cases.append({"id":None,"words":words,"intent":intent,"covered":not missing,"missing":missing,"group":"t-g%03d"%gi})
for i,c in enumerate(cases,1): c['id']="t-%04d"%i
for e in errs: print('ERR',e)
out='../coverage.jsonl'
with open(out,'w') as f:
    for c in cases:
        f.write(json.dumps({k:c[k] for k in ['id','words','intent','covered','missing','group']}, ensure_ascii=False)+'\n')
cov=sum(1 for g in groups if not g['M'].strip())
wc=Counter(len(g['W'].split()) for g in groups)
allw=Counter(w for g in groups for w in g['W'].split())
print('groups',len(groups),'cases',len(cases),'covered groups',cov,'not',len(groups)-cov)
print('words per spell',dict(wc),'distinct words',len(allw))
print('dup words', [w for w,c in allw.items() if c>2])
print(Counter(g['K'] for g in groups).most_common())
