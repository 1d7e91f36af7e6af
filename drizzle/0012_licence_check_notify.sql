-- The licence check's in-process cache (src/server/licensing/check-cache.ts) is told of every change to what the
-- check reads: a certificate's status, period, serial or client, and its client's name or active flag. NOTIFY is
-- transactional (sent at commit, never for a rollback), and the trigger fires for every writer alike, so no code path
-- can change a certificate and forget to say so. `last_used_at` and the licence columns change nothing the check
-- reads from the cache: those updates stay silent. Payload: the certificate's id, or `client` (all entries drop).
CREATE FUNCTION licence_check_certificate_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('licence_check', OLD.id::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION licence_check_client_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('licence_check', 'client');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER licence_check_certificate_updated AFTER UPDATE ON certificates FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.valid_from IS DISTINCT FROM NEW.valid_from
    OR OLD.valid_to IS DISTINCT FROM NEW.valid_to OR OLD.serial_number IS DISTINCT FROM NEW.serial_number
    OR OLD.client_id IS DISTINCT FROM NEW.client_id)
  EXECUTE FUNCTION licence_check_certificate_changed();
--> statement-breakpoint
CREATE TRIGGER licence_check_certificate_deleted AFTER DELETE ON certificates FOR EACH ROW
  EXECUTE FUNCTION licence_check_certificate_changed();
--> statement-breakpoint
CREATE TRIGGER licence_check_client_updated AFTER UPDATE ON clients FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.is_active IS DISTINCT FROM NEW.is_active)
  EXECUTE FUNCTION licence_check_client_changed();
--> statement-breakpoint
CREATE TRIGGER licence_check_client_deleted AFTER DELETE ON clients FOR EACH ROW
  EXECUTE FUNCTION licence_check_client_changed();
