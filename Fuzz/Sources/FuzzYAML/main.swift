import FuzzSupport

Property.fuzz(fuzzYAML)
