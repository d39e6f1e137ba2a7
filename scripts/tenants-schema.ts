// Writes tenants/schema.json (for editors' autocompletion) from the zod schema.
import fs from 'node:fs';
import path from 'node:path';
import { zodToJsonSchema } from 'zod-to-json-schema';
import { tenantSchema } from '../app/lib/tenant/schema';

export function tenantJsonSchema(): string {
  const schema = zodToJsonSchema(tenantSchema, { name: 'Tenant', $refStrategy: 'none' });
  return `${JSON.stringify(schema, null, 2)}\n`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const out = path.resolve('tenants/schema.json');
  fs.writeFileSync(out, tenantJsonSchema());
  console.log(`wrote ${path.relative(process.cwd(), out)}`);
}
