-- The status sort (issue 18): each status read in id order, with valid_to in the index so that "licensed but past
-- due" is told apart without reading the rows (src/server/services/certificates/status-order.ts).
CREATE INDEX "certificates_status_id" ON "certificates" USING btree ("status","id","valid_to");