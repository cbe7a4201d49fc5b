"""The word lists the adjudication policy names, each with what it is for and its source.

They are the policy's own words and examples ("light framing verbs: make, create, conjure,
cast, use, cause, try, want, let, turn (into), put up, call up"; "without speaking (e.g.
`Silent`) or without hands or gestures (e.g. `Still`)"; "a ball of fire can be thrown"),
the same in other words where a comment says so, and the closed-class grammar that signals
them (prepositions of duration, markers of purpose clauses). Which lemma a word of an
intent has, and what it means, comes from the parse and the lexicon; these lists only say
which cues the policy attaches a rule to, and classes of verbs grow through WordNet
(`*_SEEDS`). Sources: DESIGN.md "Adjudication policy", benchmarks/wop-dev/README.md "The
labeling policy", and the rulebook's "Words of Power".
"""

from __future__ import annotations

from enum import Enum


def words(text: str) -> frozenset[str]:
    """A set of words written as one string, as the policy lists them."""
    return frozenset(text.split())


# -- framing ---------------------------------------------------------------------------------

#: "light framing verbs: make, create, conjure, cast, use, cause, try, want, let, turn (into),
#: put up, call up" need no Word. Added, each the same framing in other words: "going to"
#: and "wish"/"attempt" (= want/try), "allow"/"permit" (= let), "set" in "set X ablaze"
#: (= make), "raise"/"erect" a wall (= put up), "have"/"get" someone do something and
#: "give"/"grant" me something (= make), and "keep"/"start"/"begin"/"continue" doing
#: something (they frame the doing: "keep me hovering" asks for hovering).
FRAMING_VERBS = words(
    "make create conjure cast use cause try want let turn put call go wish attempt allow "
    "permit set raise erect have get need mean give grant keep start begin continue"
)
#: Verbs that frame only with a particle (none at present: "call up" a fog and "call" a
#: wolf both bring something forth, which "[Metal] [Mist]" shows needs no Word).
FRAMING_NEEDS_PARTICLE: frozenset[str] = frozenset()
#: Verbs that frame only when they take a result ("turn the guard into a frog", "set the
#: cart ablaze", "put him to sleep", "raise a wall"); otherwise they are effects
#: ("turn around", "raise the drawbridge" is still framing-free lifting).
FRAMING_NEEDS_RESULT = words("turn set get have")
#: Framing verbs whose objects may be the spell's own Words: "I cast [Fire] [Ball]".
NAMING_VERBS = words("cast use combine say speak invoke channel")

#: Verbs that, in a clause after the spell's effect, state its purpose: "... and allow safe
#: passage" (the rulebook's "to allow safe passage" is narrative colour).
PURPOSE_VERBS = words("allow let enable permit help ensure")
#: Subordinating words that open a purpose clause or narrative colour ("so we can escape",
#: "before he gives us away", "instead of falling").
PURPOSE_MARKERS = words(
    "so because before after while when whenever once as if unless where though although "
    "since lest instead"
)
#: Perception by the caster after the effect: "... and watch him slip" narrates, it asks
#: for nothing.
WATCHING_VERBS = words("watch see hear observe enjoy")
#: Verbs that combine with a gerund into one change, its ending: "stop talking".
ASPECT_VERBS = frozenset({"stop", "cease", "quit"})

# -- recipients and areas ------------------------------------------------------------------

#: Determiners and pronouns that mark "an explicit area or group": "the whole village",
#: "every guard in the courtyard", "the entire crew", "everyone in the camp".
AREA_QUANTIFIERS = words("whole entire every all each")
AREA_PRONOUNS = words("everyone everybody everything all everywhere")
#: WordNet words whose hyponyms are places: a place acted on as a whole is an explicit
#: area ("silence a town"; the policy's "zone, room, town").
PLACE_ANCESTORS = frozenset(
    {"area", "region", "building", "room", "settlement", "geographical area"}
)
#: Topics of things a spell touches or directly affects: such a noun with a definite
#: determiner is the single recipient ("this guy, the orc, the door, my left arm").
RECIPIENT_LEXNAMES = words(
    "noun.person noun.animal noun.artifact noun.body noun.object noun.plant noun.food "
    "noun.group noun.location noun.shape"
)
#: Topics of stuff rather than things: with a definite determiner such a noun is still a
#: substance or subject the spell acts on ("gather up the flames", "mimic the captain's
#: voice", "read the merchant's thoughts").
SUBSTANCE_LEXNAMES = words(
    "noun.substance noun.phenomenon noun.cognition noun.process noun.state noun.attribute "
    "noun.feeling"
)
#: Nouns that name an area by themselves: "prevent sound in a specific area", "a cone".
AREA_NOUNS = words("area zone region cone radius circle vicinity")
#: Verbs that bring forth what they take ("summon a bear", "breathe fire"): their object
#: is produced, a subject that needs a Word, even with "a"; other verbs act on "a balloon"
#: as their recipient ("trap a balloon with fire"). WordNet's verb.creation verbs count too.
BRINGING_VERBS = words(
    "summon call conjure create produce make breathe spawn raise grow form shape build "
    "weave forge spit exhale emit release unleash spew materialize manifest generate"
)
#: Pronouns for the caster, never a delivery point ("push it away from me").
SELF_PRONOUNS = words("i me myself we us ourselves my our")

# -- scope beyond the defaults -------------------------------------------------------------


class ScopeKind(Enum):
    """Scope beyond an unmodified spell (touch, spoken aloud, one round); each needs a Word
    of its own kind: "A scope Word only covers its own kind of scope"."""

    AREA = "area"
    DURATION = "duration"
    VERBAL = "without speaking"
    SOMATIC = "without gestures"
    DELIVERY = "delivery beyond touch"


#: Examples of Words of each scope kind the policy names ("e.g. Zone, Wide, Aura"), plus
#: the rulebook's [Lingering] and [Blast]; other Words are compared with these.
SCOPE_WORDS: dict[ScopeKind, frozenset[str]] = {
    ScopeKind.AREA: words("zone wide aura area cone radius field"),
    ScopeKind.DURATION: words("permanent eternal lingering lasting forever"),
    ScopeKind.VERBAL: words("silent quiet wordless mute"),
    ScopeKind.SOMATIC: frozenset({"still", "motionless"}),
    ScopeKind.DELIVERY: words("blast ray distant reach range beam"),
}

#: Adverbs of duration beyond a round ("permanently", "forever").
DURATION_ADVERBS = words(
    "permanently forever eternally indefinitely always perpetually evermore endlessly"
)
#: Adjectives of duration on what a spell makes ("a permanent light").
DURATION_ADJECTIVES = words(
    "permanent eternal everlasting lasting lingering endless undying perpetual"
)
#: Prepositions that take a span or an end point of time: "for an hour", "until dawn".
DURATION_PREPOSITIONS = words("for until till through throughout")
#: Verbs that state how long something lasts: "that lasts all night".
LASTING_VERBS = words("last endure persist remain stay")
#: Verbs of ending that "never" turns into a duration: "a light that never goes out".
ENDING_VERBS = words("go fade end stop die expire wear dim")
#: Spans that "fit inside the default single round ("for an instant")".
WITHIN_A_ROUND = words("moment instant second heartbeat blink breath round turn trice jiffy")
#: Extra time nouns WordNet files elsewhere than noun.time.
TIME_NOUNS = words("dawn dusk sunrise sunset nightfall moonrise")

#: "without speaking", "without saying a word", "without voice": the spoken requirement.
VERBAL_CUES = words(
    "speak speaking say word words voice speech talk utter utterance incantation chant "
    "whisper verbal aloud mouth lips sound shout"
)
#: "without hands or gestures", "without lifting a hand": the gestured requirement.
SOMATIC_CUES = words(
    "gesture gestures gesturing hand hands finger fingers move moving movement motion "
    "lift lifting wave waving arm arms somatic twitch"
)
#: Light verbs inside a "without" phrase; their objects say what is dropped: "without
#: requiring voice or hands", "without needing to speak or do gestures".
WITHOUT_LIGHT_VERBS = words("require need use make do have give")
#: Verbs of the caster's speech and gestures that, denied ("never once speaking the
#: Words", "she made no gesture and spoke no word"), drop a requirement as "without" does;
#: a light verb's object says which ("make no gesture").
SPEAKING_VERBS = words("speak say utter whisper talk chant mutter murmur incant")
GESTURING_VERBS = words("gesture gesticulate move lift wave stir")
GESTURES = words("gesture movement motion sign")
#: Adverbs that drop the spoken requirement by themselves.
VERBAL_ADVERBS = words("silently wordlessly soundlessly mutely")
#: "without touching": delivery beyond touch.
TOUCH_CUES = frozenset({"touch", "touching", "contact"})
#: "at range", "from a distance", "from afar", "remotely".
DISTANCE_NOUNS = words("range distance afar length far")
DELIVERY_ADVERBS = frozenset({"remotely", "afar", "distantly"})
#: Verbs whose "from" names what something is taken or kept from, not where the caster
#: stands: "purge the venom from his blood", "shield the village from the storm". Each is
#: listed or a kind of a seed in WordNet (within two hypernym steps), as `SENDING_SEEDS`.
SEPARATING_SEEDS = words(
    "remove extract withdraw free rid separate clean expel protect defend hide"
)
SEPARATING_VERBS = words(
    "remove purge drain draw pull extract strip wash cleanse lift free release rescue save "
    "protect shield guard defend hide shelter keep banish expel drive chase rip tear wrench "
    "pry wring bleed suck siphon leach take steal"
)

# -- consequences --------------------------------------------------------------------------

#: Verbs that only send off or place what the spell made: "a ball of fire can be thrown",
#: "a mist, fog or smoke cloud fills the space around it", "coat my dagger in venom". Each
#: class is its list and every verb WordNet files under one of its seeds (`*_SEEDS`, within
#: two hypernym steps): "pitch" and "heave" are ways to throw.
SENDING_SEEDS = words("throw propel")
PLACING_SEEDS = words("fill cover")
HARM_SEEDS = words("damage injure harm hurt")
SENDING_VERBS = words("throw hurl fling toss lob launch shoot roll send fire propel cast")
PLACING_VERBS = words(
    "fill flood cover coat wrap drape shroud envelop blanket bathe soak drench douse "
    "surround cloak smear"
)
#: Harm done by a hazard to whoever meets it: "a metal mist shreds whoever walks through
#: it", "causes damage to anyone who moves through it"; the Storyteller sets the damage.
HARM_VERBS = words(
    "shred cut slice damage harm hurt injure wound burn scorch sear pierce tear rend "
    "lacerate flay scald sting prick graze slash explode burst hit strike engulf"
)
#: What fills the space around it by itself: "a mist, fog or smoke cloud fills the space
#: around it", so an area made of it ("a hazard zone of metal mist") needs no area Word.
SPREADING = words("mist fog smoke cloud haze gas vapor vapour steam miasma fume fumes smog")

#: Pieces of a substance are that substance: "a mist of metal shards", "drops of water".
#: A noun WordNet files under one of these (within two hypernym steps), made of a named
#: substance, needs no Word of its own: the substance's Word covers it. Not "part" or
#: "portion" (a hand is a part), and not shapes the spell gives ("a [Ball] of [Fire]").
PIECE_SEEDS = frozenset({"piece", "fragment", "particle", "small indefinite quantity"})

#: Words the labeling policy counts as one substance: "speech or sound" (and the rulebook
#: covers "prevent sound in a specific area" with [Decrease] [Speech] [Zone]).
POLICY_SYNONYMS = (frozenset({"speech", "sound"}),)

#: Words that turn their partner into its opposite: [Decrease] [Speech] is silence,
#: [Remove] [Sound] muffles. Joint coverage may pair such a Word with an opposite.
REVERSING_WORDS = words(
    "decrease reduce remove stop end negate cancel suppress lessen diminish dampen block "
    "banish dispel nullify less lower weaken drain absorb deny prevent halt cease quench "
    "extinguish quell"
)

# -- reading WordNet definitions -----------------------------------------------------------

#: Words of a definition that make what follows them absent or removed: "the absence of
#: sound", "lacking in light", "stop talking", "the withdrawal of heat". A concept so
#: defined is the reduction of that content: [Decrease] + [Speech] cover "silence".
NEGATIVE_CUES = words(
    "not no without lacking lack lacks absence absent devoid stop stops cease ceasing "
    "withdrawal removal remove removing loss lose less reduce reduced deprive deprived "
    "free never none unable refuse"
)
#: Words of a definition that carry no content of their own for matching.
GLOSS_STOPWORDS = words(
    "a an the of to in on at by for with from into onto or and as be is are was been "
    "being that which who whom whose this these those it its one ones some any something "
    "someone somebody anything thing things make made cause become get give take put have "
    "has do use used especially usually often very more most much many such other another "
    "way state act process quality condition part kind form manner degree also so if than "
    "when where while there their them they he she his her him your you i we our us all "
    "certain particular specific specified various being person people"
)

# -- the grammar the walk reads (spaCy's tags and dependency labels) -----------------------

#: Parts of speech that name a thing: what a verb acts on, makes or aims at.
NOUNISH = words("NOUN PROPN PRON NUM")
#: Determiners that make a noun definite: a known thing, usually the recipient ("the orc",
#: "my left arm"), not a substance brought forth ("a mist").
DEFINITE = words("the this that these those my your his her its our their")
#: Dependents of a verb that carry no concept of their own (auxiliaries, punctuation,
#: determiners, particles ...).
SKIP_DEPS = words(
    "aux auxpass neg punct cc det intj case mark predet nummod expl dep preconj meta prt"
)
#: Subject dependencies.
NSUBJ = frozenset({"nsubj", "nsubjpass", "csubj"})
#: Relative pronouns: "a fog that puts them to sleep" (the pronoun is no concept).
RELATIVE = words("that which who whom whose")
#: Framing verbs whose objects are not made by the spell: "let", "use [Fire]", "try".
NOT_PRODUCING = words("let allow permit have get go want try wish attempt need mean use cast")
