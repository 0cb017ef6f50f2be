import FuzzSupport

Property.fuzz(fuzzIntentDefinition)
