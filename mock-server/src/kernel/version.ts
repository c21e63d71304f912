/** The emulator's version (package.json `version`; a test keeps the two equal). `krs-mock --version`, `GET /__mock/health`. */
export const EMULATOR_VERSION = '0.1.0'
