// Benchmarks of widgethost, each printing figures and ratios measured in one run.
//
//     swift run -c release widgethost-bench
await BenchmarkCommand.main(CommandLine.arguments)
