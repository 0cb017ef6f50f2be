import FuzzSupport

Property.fuzz(fuzzPicture)
