import FuzzSupport

Property.fuzz(fuzzRender)
