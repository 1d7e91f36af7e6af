-- The four staff roles with fixed ids (the `roleId` the API takes) and fixed uuids, so every database agrees.
INSERT INTO "roles" ("id", "uuid", "name") VALUES
  (1, '0b7e6f1a-3c2d-4e5f-8a9b-000000000001', 'owner'),
  (2, '0b7e6f1a-3c2d-4e5f-8a9b-000000000002', 'admin'),
  (3, '0b7e6f1a-3c2d-4e5f-8a9b-000000000003', 'editor'),
  (4, '0b7e6f1a-3c2d-4e5f-8a9b-000000000004', 'viewer')
ON CONFLICT ("id") DO NOTHING;
--> statement-breakpoint
INSERT INTO "counters" ("key", "value") VALUES
  ('clients', 0), ('certificates.pending', 0), ('certificates.active', 0), ('certificates.distributed', 0),
  ('certificates.expired', 0), ('certificates.revoked', 0)
ON CONFLICT ("key") DO NOTHING;
