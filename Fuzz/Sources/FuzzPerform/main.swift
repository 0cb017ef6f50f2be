import FuzzSupport

Property.fuzz(fuzzPerform)
