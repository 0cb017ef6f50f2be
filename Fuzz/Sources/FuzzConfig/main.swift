import FuzzSupport

Property.fuzz(fuzzConfig)
