import { startMock } from '../support/spawn-mock.ts'
const m = await startMock(['--clock', 'manual'])
const t = await (await fetch(m.url + '/__mock/tenants', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"clock":{"mode":"manual"}}' })).json()
const snap = async () => (await fetch(m.url + '/__mock/snapshot', { headers: { authorization: 'Bearer ' + t.tokens['krs-all'] } })).text()
const a = await snap()
await fetch(m.url + '/api/v1/get_members_num_by_condition', { method: 'POST', headers: { 'content-type': 'application/json', authorization: 'Bearer ' + t.tokens['krs-all'] }, body: '{"member_table_id":1,"condition_id":1}' })
await new Promise((r) => setTimeout(r, 1100))
const b = await snap()
let i = 0; while (a[i] === b[i]) i++
console.log(a.length, b.length, i, a.slice(i - 200, i + 100), '\n---\n', b.slice(i - 200, i + 100))
console.log(a.slice(0, 400))
await m.stop()
