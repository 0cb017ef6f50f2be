import FuzzSupport

Property.fuzz(fuzzPluginReply)
