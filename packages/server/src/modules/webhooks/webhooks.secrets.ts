// Seals webhook signing secrets at rest (`lib/sealed-box.ts`). The key is WEBHOOK_SECRET_KEY, or
// one generated once into DATA_DIR.
import type { AppConfig } from '../../config.ts';
import { createSealedBox, type SealedBox, sealingKey } from '../../lib/sealed-box.ts';

export class WebhookSecretError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookSecretError';
  }
}

const naming = {
  what: 'webhook signing secret',
  keyVariable: 'WEBHOOK_SECRET_KEY',
  error: WebhookSecretError,
} as const;

export function webhookSecretBox(
  config: Pick<AppConfig, 'dataDir' | 'webhookSecretKey'>,
): SealedBox {
  return createSealedBox(
    sealingKey(config, config.webhookSecretKey, 'webhook-secret-key', naming),
    naming,
  );
}
