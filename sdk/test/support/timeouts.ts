export { fakeFetch, hangingFetch } from './fake-fetch.js'
import { errorBody } from './fake-fetch.js'

export const highLoadReply = () => errorBody('KRSKIT_HIGH_LOAD', 'System Is In High Load State.', 503)
