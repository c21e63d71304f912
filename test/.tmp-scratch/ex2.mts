import { requestExamples } from '../support/request-examples.ts'
import { operations } from '../support/contract.ts'
for (const n of ['add_member','update_member','delete_member','get_member_info','get_members_num_by_condition','add_condition','get_conditions','delete_condition','add_delivery_schedule','cancel_delivery_schedule','get_delivery_status','add_mail_message','lookup_member_id'] as const) console.log(n, JSON.stringify(requestExamples[n]).slice(0,400), '→', JSON.stringify((operations[n].responseSchema as any).type ?? (operations[n].responseSchema as any)).slice(0,150))
