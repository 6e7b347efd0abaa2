print("benchmarks pending")
