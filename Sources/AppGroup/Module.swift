// The AppGroup module.
