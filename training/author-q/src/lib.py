import json
CASES = []
def C(words, intent, missing=""):
    CASES.append({"words": words.split(), "intent": intent, "missing": missing.split()})
