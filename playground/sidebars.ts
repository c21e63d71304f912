import type { SidebarsConfig } from '@docusaurus/plugin-content-docs'

/** Two sidebars: the JSON API docs (the product krs-kit covers) and the SOAP API notes. */
const sidebars: SidebarsConfig = {
  jsonApi: [
    'intro',
    {
      type: 'category',
      label: 'チュートリアル',
      link: { type: 'doc', id: 'tutorials/index' },
      items: [
        'tutorials/introduction',
        'tutorials/getting-started',
        'tutorials/database-operations',
        'tutorials/member-data',
        'tutorials/mail-delivery',
        'tutorials/forms',
        'tutorials/upload-download',
        'tutorials/mirror-environment',
        'tutorials/ai-assistant-mcp',
      ],
    },
    {
      type: 'category',
      label: 'サンプル',
      link: { type: 'doc', id: 'examples/index' },
      items: ['examples/get-version-and-env', 'examples/public-form', 'examples/upload-file', 'examples/download-file'],
    },
    {
      type: 'category',
      label: 'パラメータの表現',
      link: { type: 'doc', id: 'parameterization/index' },
      items: [
        'parameterization/member-information',
        'parameterization/extraction-condition',
        'parameterization/form',
        'parameterization/date-and-time',
      ],
    },
    {
      type: 'category',
      label: 'エラー',
      link: { type: 'doc', id: 'errors/index' },
      items: ['errors/http-status-codes', 'errors/kreisel-api-exception-codes'],
    },
    'limitations',
    'security/restriction',
    'php-sdk',
    'testing',
    // written by cli/scripts/gen-reference.ts (npm run gen:reference -w @krs-kit/cli)
    'cli-reference',
    { type: 'link', label: 'API リファレンス', href: '/api' },
  ],
  soap: [
    'soap/index',
    'soap/api-compatibility',
    'soap/soap-api-specific-methods',
    {
      type: 'category',
      label: 'セキュリティ',
      link: { type: 'doc', id: 'soap/security/index' },
      items: ['soap/security/login', 'soap/security/session', 'soap/security/session-privilege'],
    },
    {
      type: 'category',
      label: '仕様',
      link: { type: 'doc', id: 'soap/specification/index' },
      items: [
        'soap/specification/overview',
        'soap/specification/api-invocation',
        'soap/specification/api-message-protocol',
        'soap/specification/api-message-transmission-protocol',
        'soap/specification/date-and-time-parameterization',
        {
          type: 'category',
          label: '例外処理',
          link: { type: 'doc', id: 'soap/specification/exception-handling/index' },
          items: [
            'soap/specification/exception-handling/http-status-codes',
            'soap/specification/exception-handling/soap-fault',
          ],
        },
        'soap/specification/kreisel-api-exception-codes',
        'soap/specification/system-high-load-state',
      ],
    },
    {
      type: 'category',
      label: '付録',
      link: { type: 'doc', id: 'soap/appendix/index' },
      items: ['soap/appendix/history'],
    },
  ],
}

export default sidebars
