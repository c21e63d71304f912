import StructuredData from '@theme-original/BlogListPage/StructuredData'
import { withSiteUrlOnly } from '../../site-url-gate'

export default withSiteUrlOnly(StructuredData)
