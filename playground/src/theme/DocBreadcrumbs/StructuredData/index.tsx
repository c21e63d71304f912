import StructuredData from '@theme-original/DocBreadcrumbs/StructuredData'
import { withSiteUrlOnly } from '../../site-url-gate'

export default withSiteUrlOnly(StructuredData)
