import { engineClient } from '../support/engine-client.ts'
const { call, admin } = engineClient()
console.log(await call('get_members_num_by_condition', { member_table_id: 1, condition_id: 1 }))
console.log(await call('add_member', { member_table_id: 1, member_info: { e_4: 'p1@example.com', e_5: 'abcd1234', e_6: '試験 太郎' } }))
console.log(await call('add_member', { member_table_id: 1, member_info: { e_4: 'p1@example.com', e_5: 'abcd1234', e_6: '試験 太郎' } }))
console.log(await call('get_conditions', { member_table_id: 1 }))
console.log(await call('add_condition', { member_table_id: 1, condition_info: { title: 'x', grouping: true, conditions: { e_16: [11, {}] } } }))
console.log(await admin('POST', 'clock', { advance_seconds: 60 }))
console.log(await call('add_mail_message', { member_table_id: 1, mail_info: { type: 1, from: 'info@example.com', subject: 's', text_part: 'hello' } }))
