/** The SDK's version (package.json `version`; a test keeps the two equal). Sent in the Node User-Agent. */
export const SDK_VERSION = '0.1.0'
