import type { Migrations } from '@jesus-walks/service-kit/database';
import * as m0001 from './0001_create_payments_and_webhook_events';
import * as m0002 from './0002_add_checkout_and_sandbox';
import * as m0003safekey from './0003_add_safekey_payments';
import * as m0004 from './0004_add_crypto_charges';
import * as m0005 from './0005_add_payment_seller';
import * as m0006 from './0006_create_audit_log';
import * as m0007 from './0007_add_payment_secrets_and_rate_limit_hits';
import * as m0008 from './0008_create_take_rate_limit_function';

/** Every migration of the payments schema, in order. Listed explicitly so bundlers and tests see them. */
export const migrations: Migrations = {
  '0001_create_payments_and_webhook_events': m0001,
  '0002_add_checkout_and_sandbox': m0002,
  '0003_add_safekey_payments': m0003safekey,
  '0004_add_crypto_charges': m0004,
  '0005_add_payment_seller': m0005,
  '0006_create_audit_log': m0006,
  '0007_add_payment_secrets_and_rate_limit_hits': m0007,
  '0008_create_take_rate_limit_function': m0008,
};
