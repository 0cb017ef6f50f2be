import FuzzSupport

Property.fuzz(fuzzStoreImport)
