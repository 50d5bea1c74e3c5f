// The OpenAPI document's named schemas. Every exported body or answer schema of the modules below
// (an object, a list or a choice of them) is registered in zod's global registry under its name:
// `companyRowSchema` becomes the component `CompanyRow`, referenced (`$ref`) wherever a route uses
// it instead of written out again. Path and query schemas stay inline: the document lists them as
// parameters one by one. A list of named rows is named after them (`CompanyRowList`,
// `listResponseSchema`).
import * as auth from '@flowsight/domain/auth';
import * as fleetSettingsInput from '@flowsight/domain/fleet-settings';
import * as gatewaysInput from '@flowsight/domain/gateways';
import * as micrometersInput from '@flowsight/domain/micrometers';
import * as portfolioInput from '@flowsight/domain/portfolio';
import * as survey from '@flowsight/domain/survey';
import { z } from 'zod';
import * as alerts from '../modules/alerts/alerts.shape.ts';
import * as attention from '../modules/attention/attention.schemas.ts';
import * as fleetSettings from '../modules/fleet-settings/fleet-settings.schemas.ts';
import * as flume from '../modules/flume/flume.schemas.ts';
import * as ingest from '../modules/ingest/ingest.transports.ts';
import * as integrationKeys from '../modules/integrations/integration-keys.schemas.ts';
import * as mqttStatus from '../modules/integrations/mqtt-status.ts';
import * as location from '../modules/location/location.schemas.ts';
import * as lookups from '../modules/lookups/lookups.schemas.ts';
import * as portfolio from '../modules/portfolio/portfolio.schemas.ts';
import * as reports from '../modules/reports/reports.schemas.ts';
import * as sensors from '../modules/sensors/sensors.schemas.ts';
import * as submissions from '../modules/submissions/submissions.schemas.ts';
import * as usage from '../modules/usage/usage.schemas.ts';
import * as users from '../modules/users/users.schemas.ts';
import * as webhooks from '../modules/webhooks/webhooks.schemas.ts';
import * as http from './http-schemas.ts';
import { listLinksSchema, listMetaSchema } from './list-query.ts';

const modules: Record<string, Record<string, unknown>> = {
  auth,
  fleetSettingsInput,
  gatewaysInput,
  micrometersInput,
  portfolioInput,
  survey,
  alerts,
  attention,
  fleetSettings,
  flume,
  ingest,
  integrationKeys,
  mqttStatus,
  location,
  lookups,
  portfolio,
  reports,
  sensors,
  submissions,
  usage,
  users,
  webhooks,
  http,
};

/** Names that stand for path or query parameters, which the document lists inline. */
const PARAMETER_NAME = /(Query|Params?)Schema$/;

/** Whether a schema is a body or an answer worth a name: an object, or a list or choice of them. */
function isComposite(schema: z.ZodType): boolean {
  const def = schema._zod.def as { type: string; in?: z.ZodType; innerType?: z.ZodType };
  switch (def.type) {
    case 'object':
    case 'array':
    case 'union':
    case 'intersection':
      return true;
    case 'pipe':
      return def.in !== undefined && isComposite(def.in);
    case 'optional':
    case 'nullable':
      return def.innerType !== undefined && isComposite(def.innerType);
    default:
      return false;
  }
}

/**
 * `companyRowSchema` → `CompanyRow`. A request body named `…Input` is named `…Body`: the document
 * writes every named schema's request form as `<name>Input` (`installerSchema` → `InstallerInput`).
 */
export function componentName(exportName: string): string {
  const bare = exportName.replace(/Schema$/, '').replace(/Input$/, 'Body');
  return bare.charAt(0).toUpperCase() + bare.slice(1);
}

/** The named schemas of `modules`, by component name; two schemas under one name are refused. */
export function namedSchemas(
  from: Record<string, Record<string, unknown>> = modules,
): Map<string, z.ZodType> {
  const named = new Map<string, z.ZodType>();
  const origin = new Map<string, string>();
  for (const [module, exports] of Object.entries(from)) {
    for (const [exportName, value] of Object.entries(exports)) {
      if (!(value instanceof z.ZodType) || !exportName.endsWith('Schema')) continue;
      if (PARAMETER_NAME.test(exportName) || !isComposite(value)) continue;
      const name = componentName(exportName);
      const held = named.get(name);
      if (held === value) continue;
      if (held !== undefined) {
        throw new Error(
          `Two schemas would be the API component "${name}": ${origin.get(name)} and ${module}.${exportName}; rename one`,
        );
      }
      named.set(name, value);
      origin.set(name, `${module}.${exportName}`);
    }
  }
  named.set('ListMeta', listMetaSchema);
  named.set('ListLinks', listLinksSchema);
  return named;
}

let registered = false;

/** Registers the named schemas in zod's global registry (once), before any route is declared. */
export function registerApiComponents(): void {
  if (registered) return;
  registered = true;
  for (const [name, schema] of namedSchemas()) {
    const meta = z.globalRegistry.get(schema);
    if (meta?.id === undefined) z.globalRegistry.add(schema, { ...meta, id: name });
  }
}
