-- One schema and one login role per deployable (the six services and the gateway), each role named after its schema and allowed into its
-- own schema only (ARCHITECTURE.md section 2). The services create their tables and their migration
-- table there at start-up.
--
-- docker-compose.yml mounts this file into /docker-entrypoint-initdb.d, so it runs once, as the
-- superuser, in the database POSTGRES_DB, when the volume is first initialised. After editing it,
-- start over with `docker compose down -v`.
--
-- PASSWORDS: every role's password is '<role>-local-only' (for example 'identity-local-only').
-- These are defaults for local compose only, where Postgres is reachable from the compose network
-- alone. For any shared or managed server, run this file and then set real passwords:
--   ALTER ROLE identity PASSWORD '...';   (one per role; see infra/k8s/README.md)

-- Nobody but the owners and the superuser: no objects or temporary tables in public, no connecting
-- without a grant.
REVOKE ALL ON SCHEMA public FROM PUBLIC;
DO $$ BEGIN
  EXECUTE format('REVOKE ALL ON DATABASE %I FROM PUBLIC', current_database());
END $$;

-- identity: users, sessions
CREATE ROLE identity LOGIN PASSWORD 'identity-local-only';
CREATE SCHEMA identity AUTHORIZATION identity;
ALTER ROLE identity SET search_path = identity;

-- catalog-and-orders: products, orders, shipping, stock reservations
CREATE ROLE catalog_and_orders LOGIN PASSWORD 'catalog_and_orders-local-only';
CREATE SCHEMA catalog_and_orders AUTHORIZATION catalog_and_orders;
ALTER ROLE catalog_and_orders SET search_path = catalog_and_orders;

-- payments: payment records, webhook events
CREATE ROLE payments LOGIN PASSWORD 'payments-local-only';
CREATE SCHEMA payments AUTHORIZATION payments;
ALTER ROLE payments SET search_path = payments;

-- content-and-events: events, registrations, newsletter
CREATE ROLE content_and_events LOGIN PASSWORD 'content_and_events-local-only';
CREATE SCHEMA content_and_events AUTHORIZATION content_and_events;
ALTER ROLE content_and_events SET search_path = content_and_events;

-- seo: Search Console snapshots, sitemap submissions
CREATE ROLE seo LOGIN PASSWORD 'seo-local-only';
CREATE SCHEMA seo AUTHORIZATION seo;
ALTER ROLE seo SET search_path = seo;

-- ai-assistant: model configs, conversations, knowledge base, embeddings
CREATE ROLE ai_assistant LOGIN PASSWORD 'ai_assistant-local-only';
CREATE SCHEMA ai_assistant AUTHORIZATION ai_assistant;
ALTER ROLE ai_assistant SET search_path = ai_assistant;

-- Each role may connect; what it may touch once connected is its own schema (it owns it).
DO $$
DECLARE
  role_name text;
BEGIN
  FOREACH role_name IN ARRAY ARRAY[
    'identity', 'catalog_and_orders', 'payments', 'content_and_events', 'seo', 'ai_assistant'
  ] LOOP
    EXECUTE format('GRANT CONNECT ON DATABASE %I TO %I', current_database(), role_name);
  END LOOP;
END $$;

-- gateway: the API rate limit's counts, shared by its replicas (docs/decisions/022)
CREATE ROLE gateway LOGIN PASSWORD 'gateway-local-only';
CREATE SCHEMA gateway AUTHORIZATION gateway;
ALTER ROLE gateway SET search_path = gateway;
