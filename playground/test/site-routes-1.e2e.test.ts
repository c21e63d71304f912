import { sweepRoutes } from './support/route-sweep.js'

// The console sweep over every route of the built site, share 1 of 2 (support/route-sweep.ts).
sweepRoutes(0, 2)
