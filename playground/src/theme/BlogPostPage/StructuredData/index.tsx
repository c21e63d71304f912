import StructuredData from '@theme-original/BlogPostPage/StructuredData'
import { withSiteUrlOnly } from '../../site-url-gate'

export default withSiteUrlOnly(StructuredData)
