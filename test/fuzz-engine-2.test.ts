import { fuzzShard } from './support/fuzz/fuzz-suite.js'

// Schema fuzzing in process, shard 2 of 4 (see support/fuzz/fuzz-suite.ts; FUZZ_REQUESTS, FUZZ_SEED).
fuzzShard(1)
