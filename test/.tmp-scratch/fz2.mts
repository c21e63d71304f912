import { engineTarget } from '../support/fuzz/engine-target.ts'
import { mutate, mutationKinds } from '../support/fuzz/mutations.ts'
import { Prng } from '../support/fuzz/prng.ts'
import { validExample } from '../support/request-examples.ts'
const { target } = engineTarget()
const rnd = new Prng(3)
for (const kind of mutationKinds) {
  let t0 = performance.now(); let tsnap = 0
  for (let i = 0; i < 40; i++) {
    const c = mutate('get_member_info', true, validExample('get_member_info'), kind, rnd, 'krs-all')
    await target.send(c)
    const s0 = performance.now(); await target.snapshot(); tsnap += performance.now() - s0
  }
  console.log(kind, ((performance.now() - t0) / 40).toFixed(2), 'ms; snapshot', (tsnap / 40).toFixed(2))
}
