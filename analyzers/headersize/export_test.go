package headersize

func init() { panicOnBug = true }
