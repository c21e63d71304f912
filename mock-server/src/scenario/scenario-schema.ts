import { charClasses, elementTypes } from '../domains/member-db/member-db-state.js'
import { mailDeliveryScenarioSchema } from '../domains/mail/mail-scenario.js'
import { servicesScenarioSchema } from '../domains/forms/forms-scenario.js'
import { fakeKinds } from './scenario-types.js'

const id = { type: 'integer', minimum: 1 }

const elementConfig = {
  type: 'object',
  additionalProperties: false,
  properties: {
    type: { enum: [...charClasses] },
    relate_to: { type: ['integer', 'null'] },
    delete_cascade: { enum: ['cascade', null] },
    min: { type: ['number', 'null'] },
    max: { type: ['number', 'null'] },
    options: { type: 'object', propertyNames: { pattern: '^[1-9][0-9]*$' }, additionalProperties: { type: 'string' } },
    min_year: { type: ['integer', 'null'] },
    max_year: { type: ['integer', 'null'] },
    automatic: { enum: [0, 1] },
    later: { type: ['integer', 'null'] },
    label: { type: 'string' },
    yes_description: { type: 'string' },
    no_description: { type: 'string' },
    allow_chars: { type: 'string' },
    require_digit: { enum: [0, 1] },
    require_alpha: { enum: [0, 1] },
    require_special: { enum: [0, 1] },
    min_length: { type: ['integer', 'null'], minimum: 0 },
    max_length: { type: ['integer', 'null'], minimum: 1 },
    auto_length: { type: ['integer', 'null'], minimum: 1 },
    encryption_key: { type: 'string' },
    enable_replace_mapping: { enum: [0, 1] },
    prefix: { type: 'string' },
    suffix: { type: 'string' },
    number_of_digits: { type: 'integer', minimum: 0, maximum: 20 },
    add_option: { enum: [1, -1] },
    standard_value: { type: 'integer' },
  },
}

/** JSON Schema (2020-12) of a scenario file. See README.md. */
export const scenarioSchema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  title: 'krs-kit emulator scenario',
  type: 'object',
  additionalProperties: false,
  required: ['environment', 'accounts', 'tokens', 'memberTables'],
  properties: {
    environment: {
      type: 'object',
      additionalProperties: false,
      required: ['name'],
      properties: { name: { type: 'string', minLength: 1 } },
    },
    accounts: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['id', 'login', 'name', 'level'],
        properties: {
          id,
          login: { type: 'string', minLength: 1 },
          name: { type: 'string' },
          level: { enum: ['all', 'work', 'operation', 'reference', 'none'] },
          memberDataSearch: { type: 'boolean' },
          encryptedKey: { type: 'boolean' },
          resultDownload: { type: 'boolean' },
          postedImageMenu: { type: 'boolean' },
          options: {
            type: 'object',
            additionalProperties: false,
            properties: { mail: { type: 'boolean' }, forms: { type: 'boolean' }, posted_images: { type: 'boolean' } },
          },
          tables: { oneOf: [{ const: 'all' }, { type: 'array', items: id }] },
        },
      },
    },
    tokens: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['name', 'account'],
        properties: { name: { type: 'string', minLength: 1 }, token: { type: 'string', minLength: 1 }, account: id },
      },
    },
    memberTables: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['id', 'title', 'elements'],
        properties: {
          id,
          title: { type: 'string', minLength: 1 },
          elements: {
            type: 'array',
            items: {
              type: 'object',
              additionalProperties: false,
              required: ['id', 'name', 'type'],
              properties: {
                id,
                name: { type: 'string', minLength: 1 },
                type: { enum: [...elementTypes] },
                required: { type: 'boolean' },
                unique: { type: 'boolean' },
                system: { type: 'boolean' },
                systemField: { enum: ['regist_date', 'update_date', 'batch_date', 'upload_date'] },
                config: elementConfig,
                fake: { enum: [...fakeKinds] },
              },
            },
          },
          members: {
            type: 'object',
            additionalProperties: false,
            properties: {
              generate: { type: 'integer', minimum: 0, maximum: 10_000_000 },
              list: {
                type: 'array',
                items: {
                  type: 'object',
                  propertyNames: { pattern: '^(e_[1-9][0-9]*|regist_date|update_date)$' },
                },
              },
            },
          },
          conditions: {
            type: 'array',
            items: {
              type: 'object',
              additionalProperties: false,
              required: ['id', 'title', 'grouping', 'conditions'],
              properties: {
                id: { type: 'integer', minimum: 2 },
                title: { type: 'string', minLength: 1 },
                grouping: { type: 'boolean' },
                hidden: { type: 'boolean' },
                conditions: {
                  type: 'object',
                  additionalProperties: {
                    type: 'array',
                    prefixItems: [{ type: 'integer' }, { type: 'object' }],
                    minItems: 2,
                    maxItems: 2,
                  },
                },
              },
            },
          },
        },
      },
    },
    blacklist: { type: 'array', items: { type: 'string', minLength: 1 } },
    /** When the tenant's clock starts: ISO 8601 text or unix seconds (scenario-now.ts). */
    now: { type: ['string', 'integer'] },
    // Part 2 (mail and delivery) and part 3 (forms, column sets, posted images, services settings).
    delivery: mailDeliveryScenarioSchema,
    forms: servicesScenarioSchema.forms,
    columnSets: servicesScenarioSchema.columnSets,
    postedImages: servicesScenarioSchema.postedImages,
    extensions: {
      type: 'object',
      description: 'services: settings of part 3; any other key is free.',
      properties: { services: servicesScenarioSchema['extensions.services'] },
    },
  },
} as const
