// The TaskWidget module.
