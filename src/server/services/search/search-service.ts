// The command palette's search (`GET /search`, docs/api.md#search): the certificates, clients and users a query
// finds, each group cut to `limit`, all three in one statement, every part of it read from an index.
//
// The rules are the contract's (src/contract/search.ts): one or two characters match the start of a value, longer
// queries anywhere; certificates come in `certificateSearchRank`'s ranks, clients and users starts first
// (`compareNameMatches`). A group's parts are strictly ordered, so each is read only while the ones before it left
// the group short (a one-time filter on their count, `inTurn`), and each reads at most `limit` rows of its own:
//
// - a start is a range of a btree on `lower(x) collate "C"` (drizzle/0016_search_indexes.sql), read in the
//   answer's order, so "SN-", which every serial number starts with, reads `limit` rows;
// - anywhere else is the trigram indexes, every match read and then ordered (`everyMatch`);
// - a certificate whose client's name matches is left to the planner (`certificateRank`).
//
// A part never has to exclude the many rows of an earlier, full one: the planner would take the two conditions as
// independent and misjudge the rows left. A query of three characters or more from which pg_trgm takes no trigram
// ("---") is answered by reading every row, as the lists' `search` is.
import { and, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { CertificateStatus } from '../../../contract/certificates';
import type { RoleName } from '../../../contract/roles';
import { can } from '../../../contract/roles';
import {
  compareCertificateMatches,
  compareNameMatches,
  isSearchForId,
  searchFold,
  SEARCH_SUBSTRING_FROM,
  type SearchCertificate,
  type SearchClient,
  type SearchQuery,
  type SearchResults,
  type SearchUser,
} from '../../../contract/search';
import { escapeLike, queryRows } from '../../db/rows';
import { certificates, clients, users } from '../../db/schema';
import { effectiveStatusSql } from '../certificates/status-rules';
import type { AppContext } from '../shared/context';

export type SearchService = ReturnType<typeof createSearchService>;

/** A query as the statements use it: folded as the contract folds, its LIKE patterns with the wildcards escaped. */
interface Needle {
  query: string;
  /** Under SEARCH_SUBSTRING_FROM characters: matches a value's start only. */
  short: boolean;
  folded: string;
  /** `lower(x) like prefix`: the value starts with the query. */
  prefix: string;
  /** `x ilike anywhere`: the value holds it. */
  anywhere: string;
  /** The certificate the query names, when it is a UUID. */
  id: string | undefined;
  limit: number;
}

function needleOf({ q, limit }: SearchQuery): Needle {
  const folded = searchFold(q);
  const escaped = escapeLike(folded);
  return {
    query: q,
    short: folded.length < SEARCH_SUBSTRING_FROM,
    folded,
    prefix: `${escaped}%`,
    anywhere: `%${escaped}%`,
    id: isSearchForId(q) ? folded : undefined,
    limit,
  };
}

/** `lower(x)` in the "C" collation: the expression of the search's btrees, in byte order whatever the database's. */
const folded = (column: SQLWrapper) => sql`(lower(${column}) collate "C")`;
const startsWith = (column: SQLWrapper, needle: Needle) => sql`${folded(column)} like ${needle.prefix}`;
/** The contract's `searchMatches`: the start for short queries, anywhere for longer ones (the trigram indexes). */
const matches = (column: SQLWrapper, needle: Needle): SQL =>
  needle.short ? startsWith(column, needle) : sql`${column} ilike ${needle.anywhere}`;

/**
 * `matching` (a select of `table`'s rows, its columns under their own names) read whole before it is ordered:
 * `offset 0` keeps the planner from walking an index in the answer's order and filtering as it goes, which it
 * chooses for a common match and which reads the whole index when the matches sit together at its far end (every
 * client named "Umbrella …", every serial number of a year "…-2026-…"). The matches come from a trigram index, and
 * their number bounds the work.
 */
const everyMatch = (table: PgTable, matching: SQL) => sql`select * from (${matching} offset 0) as ${table}`;

/** The parts of a group, in order: each part's rows only while those before it hold fewer than `limit`. */
function inTurn(parts: SQL[], limit: number): SQL {
  const names = parts.map((_, index) => sql.raw(`"part${index}"`));
  const ctes = parts.map((part, index) => {
    const before = names.slice(0, index).map((name) => sql`(select count(*) from ${name})`);
    const body = before.length
      ? sql`select * from (${part}) as "rows" where ${sql.join(before, sql` + `)} < ${limit}`
      : part;
    return sql`${names[index]} as materialized (${body})`;
  });
  return sql`with ${sql.join(ctes, sql`, `)} ${sql.join(
    names.map((name) => sql`select * from ${name}`),
    sql` union all `,
  )}`;
}

interface CertificateRow extends SearchCertificate {
  rank: number;
}

/** The order a rank of certificates is cut in: the folded serial number (`certificates_serial_folded`), the serial. */
const certificateOrder = sql`order by ${folded(certificates.serialNumber)}, ${certificates.serialNumber} collate "C", ${certificates.id}`;

/**
 * One rank of certificates: the ids of those `where` finds (`joined`: beside their client), cut to `limit` in
 * `certificateOrder`. Their columns are read once for every rank (`certificatesFound`).
 *
 * A client's name is matched beside its certificates (`joined`) the way the planner judges best: when many clients
 * match it walks the serial numbers in order and probes each one's client (a client's name says nothing of where its
 * serial numbers sort), when few it reads their certificates.
 */
function certificateRank(
  rank: number,
  where: SQL,
  needle: Needle,
  { joined = false, readAll = false } = {},
): SQL {
  const from = joined
    ? sql`${certificates} inner join ${clients} on ${clients.id} = ${certificates.clientId}`
    : sql`${certificates}`;
  const matching = sql`select ${certificates.id}, ${certificates.serialNumber} from ${from} where ${where}`;
  return sql`select ${certificates.id}, ${rank}::int as "rank"
    from (${readAll ? everyMatch(certificates, matching) : matching} ${certificateOrder} limit ${needle.limit}) as ${certificates}`;
}

/**
 * The certificates a query finds, best first: the one it names by id, then by `certificateSearchRank` (the serial
 * number is the query, starts with it, holds it, then the client's name matches), ties by serial number.
 *
 * SQL cuts each rank by the folded serial number and then the serial number; the rows are then put in the
 * contract's order (`compareCertificateMatches`, `ordered` below), which the mocks share. The two cuts agree unless
 * serial numbers mix upper and lower case, or `_` with capitals, at the same place.
 */
function certificatesFound(needle: Needle, at: Date): SQL {
  const serial = certificates.serialNumber;
  const notNamed = needle.id ? sql`${certificates.id} <> ${needle.id}::uuid` : undefined;
  const first = [
    certificateRank(0, and(sql`${folded(serial)} = ${needle.folded}`, notNamed)!, needle),
    certificateRank(
      1,
      and(startsWith(serial, needle), sql`${folded(serial)} <> ${needle.folded}`, notNamed)!,
      needle,
    ),
  ];
  if (needle.id) first.unshift(certificateRank(-1, sql`${certificates.id} = ${needle.id}::uuid`, needle));
  const parts = [
    sql.join(
      first.map((rank) => sql`(${rank})`),
      sql` union all `,
    ),
  ];
  // Held after its first character and not at its start (three characters or more): the trigrams of the serial
  // number without its first character (`certificates_serial_tail_trgm`), where the prefix every serial number of
  // a series shares ("SN-", in every row) no longer is.
  if (!needle.short)
    parts.push(
      certificateRank(
        2,
        and(
          sql`substr(${serial}, 2) ilike ${needle.anywhere}`,
          sql`not ${startsWith(serial, needle)}`,
          notNamed,
        )!,
        needle,
        { readAll: true },
      ),
    );
  parts.push(
    certificateRank(
      3,
      and(matches(clients.name, needle), sql`not (${matches(serial, needle)})`, notNamed)!,
      needle,
      { joined: true },
    ),
  );
  return sql`select ${certificates.id} as "uuid", ${certificates.serialNumber} as "serialNumber",
      ${clients.name} as "clientName", ${effectiveStatusSql(at)} as "status", "found"."rank"
    from (${inTurn(parts, needle.limit)}) as "found"
    inner join ${certificates} on ${certificates.id} = "found"."id"
    inner join ${clients} on ${clients.id} = ${certificates.clientId}`;
}

/**
 * Live clients whose name matches, as `compareNameMatches` orders them: those starting with the query (a range of
 * `clients_name_folded`, read in order), then, for three characters or more, those holding it elsewhere (the
 * trigrams), each in name order ignoring case.
 */
function clientsFound(needle: Needle): SQL {
  const columns = sql`select ${clients.id} as "uuid", ${clients.name}, ${clients.isActive} as "isActive" from ${clients}`;
  const live = sql`${clients.deletedAt} is null`;
  const parts = [
    sql`${columns} where ${live} and ${startsWith(clients.name, needle)}
      order by ${folded(clients.name)}, ${clients.id} limit ${needle.limit}`,
  ];
  if (!needle.short) {
    const elsewhere = sql`select ${clients.id}, ${clients.name}, ${clients.isActive} from ${clients}
      where ${live} and ${clients.name} ilike ${needle.anywhere} and not ${startsWith(clients.name, needle)}`;
    parts.push(sql`select ${clients.id} as "uuid", ${clients.name}, ${clients.isActive} as "isActive"
      from (${everyMatch(clients, elsewhere)} order by ${folded(clients.name)}, ${clients.id} limit ${needle.limit}) as ${clients}`);
  }
  return inTurn(parts, needle.limit);
}

/**
 * Live users whose name or e-mail address matches, as `compareNameMatches` orders them. Staff are few: every match is
 * read (the name's and the address's indexes) and ordered.
 */
function usersFound(needle: Needle): SQL {
  const matching = sql`select ${users.id}, ${users.name}, ${users.email} from ${users}
    where ${users.deletedAt} is null and (${matches(users.name, needle)} or ${matches(users.email, needle)})`;
  const starts = sql`(${startsWith(users.name, needle)} or ${startsWith(users.email, needle)})`;
  return sql`select ${users.id} as "uuid", ${users.name}, ${users.email}
    from (${everyMatch(users, matching)} order by ${starts} desc, ${folded(users.name)}, ${users.id} limit ${needle.limit}) as ${users}`;
}

/** A group's rows as one JSON array. */
const asArray = (found: SQL) =>
  sql`(select coalesce(json_agg("found"), '[]'::json) from (${found}) as "found")`;

interface Found {
  certificates: CertificateRow[];
  clients: SearchClient[];
  users: SearchUser[];
}

/** The groups in the answer's order (the contract's comparisons), each cut to `limit`. */
function ordered(found: Found, needle: Needle): SearchResults {
  const compare = compareCertificateMatches<CertificateRow>(needle.query);
  const byName = compareNameMatches(needle.query);
  return {
    certificates: found.certificates
      .sort((a, b) => a.rank - b.rank || compare(a, b))
      .slice(0, needle.limit)
      .map(({ uuid, serialNumber, clientName, status }) => ({
        uuid,
        serialNumber,
        clientName,
        status: status as CertificateStatus,
      })),
    clients: found.clients
      .sort(byName)
      .slice(0, needle.limit)
      .map(({ uuid, name, isActive }) => ({ uuid, name, isActive })),
    users: found.users.sort(byName).map(({ uuid, name, email }) => ({ uuid, name, email })),
  };
}

export function createSearchService(ctx: Pick<AppContext, 'db' | 'now'>) {
  const { db, now } = ctx;
  return {
    /**
     * What `query.q` finds, each group at most `query.limit`, in one statement. `users` is empty for the roles that
     * may not list users (`users:manage`, the capability of `GET /users`).
     */
    async search(query: SearchQuery, role: RoleName): Promise<SearchResults> {
      const needle = needleOf(query);
      const [found] = await queryRows<Found>(
        db,
        sql`select ${asArray(certificatesFound(needle, now()))} as "certificates",
          ${asArray(clientsFound(needle))} as "clients",
          ${can(role, 'users:manage') ? asArray(usersFound(needle)) : sql`'[]'::json`} as "users"`,
      );
      return ordered(found!, needle);
    },
  };
}
