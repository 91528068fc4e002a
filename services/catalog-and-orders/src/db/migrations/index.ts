import type { Migrations } from '@jesus-walks/service-kit/database';
import * as m0001 from './0001_create_products_orders_and_shipping';
import * as m0002 from './0002_add_product_soft_delete_sku_and_order_stock';
import * as m0003 from './0003_add_quotes_and_order_buyer';
import * as m0004 from './0004_create_audit_log';
import * as m0005 from './0005_add_order_admin_indexes_and_carrier';
import * as m0006 from './0006_notify_public_read_changes';
import * as m0007 from './0007_add_order_test_mode_and_test_products';
import * as m0008 from './0008_add_stock_hold_holders';
import * as m0009 from './0009_add_order_confirmation_queued_at';
import * as m0010 from './0010_add_guest_order_claims';

/**
 * Every migration of the catalog_and_orders schema, in order. Listed explicitly so bundlers and tests
 * see them.
 */
export const migrations: Migrations = {
  '0001_create_products_orders_and_shipping': m0001,
  '0002_add_product_soft_delete_sku_and_order_stock': m0002,
  '0003_add_quotes_and_order_buyer': m0003,
  '0004_create_audit_log': m0004,
  '0005_add_order_admin_indexes_and_carrier': m0005,
  '0006_notify_public_read_changes': m0006,
  '0007_add_order_test_mode_and_test_products': m0007,
  '0008_add_stock_hold_holders': m0008,
  '0009_add_order_confirmation_queued_at': m0009,
  '0010_add_guest_order_claims': m0010,
};
