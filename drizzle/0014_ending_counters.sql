-- The dashboard's expiring list counts its window from counters (issue 23): 'ending.YYYY-MM-DD' holds how many
-- licensed certificates (active or distributed) end on that UTC day, kept with every change like the status counters
-- (src/server/services/counters.ts). Filled here from the rows a database already has.
INSERT INTO counters (key, value)
SELECT 'ending.' || to_char(valid_to AT TIME ZONE 'UTC', 'YYYY-MM-DD'), count(*)
FROM certificates
WHERE status IN ('active', 'distributed')
GROUP BY 1
ON CONFLICT (key) DO UPDATE SET value = excluded.value;
