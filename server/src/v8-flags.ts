// V8 settings of the serving process, set before anything compiles WebAssembly or grows the heap
// (main.ts imports this first). Measured in docs/performance.md, "Memory":
// - Liftoff only: Prisma's query compiler is a 3 MB WebAssembly module. V8 compiles it with its
//   baseline compiler and then again, in the background, with its optimising one; the second copy
//   cost 35-50 MiB of resident memory and CPU on two cores, for code that runs only when a query's
//   plan is not cached yet. First query and a run of 300 queries were both faster without it.
// - Heap growth 1.5x: after a burst V8 let the old space grow to four times the live objects
//   (200 MiB of heap for 50 MiB alive) before collecting; 1.5x keeps the heap near what is alive at
//   no measurable cost in requests per second.
import { setFlagsFromString } from "node:v8";

export const SERVER_V8_FLAGS = ["--liftoff-only", "--heap-growing-percent=50"] as const;

for (const flag of SERVER_V8_FLAGS) setFlagsFromString(flag);
