import pg from 'pg';

/** Words the seeded vendor names are made of: 40 × 50 × 15 names, each about 33 times at a million. */
const FIRST = 'Ada Ben Cleo Dara Eli Finn Gia Hugo Ines Jonas Kira Lars Mila Nora Omar Pia Quinn Rosa Sven Tara Ugo Vera Wim Xena Yara Zeno Alba Bruno Cora Dino Ella Fabio Greta Hans Ivy Jana Kai Lena Marco Nils'.split(' ');
const LAST =
  'Adler Berger Castro Dietz Engel Fischer Garcia Hofmann Iversen Jansen Keller Lange Moreau Neumann Olsen Petit Quast Richter Schulz Tanaka Ulrich Vogel Weber Xu Young Zimmer Arnold Brandt Conti Dahl Eriksen Frank Graf Hahn Ito Jung Koch Lorenz Meyer Novak Otto Peters Rossi Sato Thiel Uhl Voss Wolf Yilmaz Ziegler'.split(
    ' ',
  );
const KIND = 'Studios Records Media Music Films Games Pictures Sound Beats Tunes Voices Labs Arts Vision Channel'.split(' ');
const words = (list: string[]) => `ARRAY[${list.map((w) => `'${w}'`).join(', ')}]`;

/** Drops a table's plain indexes (constraints stay), runs `fill`, builds them again: a bulk insert is several times faster so. */
async function withoutIndexes(client: pg.Client, table: string, fill: () => Promise<unknown>): Promise<void> {
  const { rows } = await client.query<{ def: string; name: string }>(
    `SELECT indexdef AS def, indexname AS name FROM pg_indexes i WHERE tablename = $1 AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`,
    [table],
  );
  for (const r of rows) await client.query(`DROP INDEX ${r.name}`);
  await fill();
  await client.query(`SET maintenance_work_mem = '256MB'`);
  for (const r of rows) await client.query(r.def);
  await client.query(`VACUUM ANALYZE ${table}`);
}

/**
 * `count` vendors spread over the organizations (numbers from 300,000, clear of the demo's and the
 * payments seed's), named from the word lists, and `count` signed contracts, each with one of them as
 * its vendor, round the organizations. Set-based; indexes rebuilt after.
 */
export async function seedVendorsAndContracts(databaseUrl: string, count: number): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const orgs = (await client.query<{ id: string }>('SELECT id FROM organizations ORDER BY id')).rows.map((r) => Number(r.id));
    const per = Math.ceil(count / orgs.length);
    if (300_000 + per > 900_000) throw new Error(`${count} vendors need more than ${orgs.length} organizations`);
    await withoutIndexes(client, 'vendors', () =>
      client.query(
        `INSERT INTO vendors (organization_id, number, name, type)
         SELECT ($1::bigint[])[1 + g % $2], 300000 + g / $2,
                (${words(FIRST)})[1 + g % ${FIRST.length}] || ' ' || (${words(LAST)})[1 + (g / 7) % ${LAST.length}] || ' ' || (${words(KIND)})[1 + (g / 13) % ${KIND.length}],
                CASE WHEN g % 3 = 0 THEN 'person' ELSE 'company' END
         FROM generate_series(0, $3 - 1) g`,
        [orgs, orgs.length, count],
      ),
    );
    await withoutIndexes(client, 'contracts', () =>
      client.query(
        `INSERT INTO contracts (organization_id, contract_type, currency, start_date, state, credit_note_type)
         SELECT ($1::bigint[])[1 + g % $2], (ARRAY['adsense', 'drm', 'exclusive_artist'])[1 + g % 3], 'EUR', DATE '2020-01-01' + (g % 2000), 'signed', 'short'
         FROM generate_series(0, $3 - 1) g`,
        [orgs, orgs.length, count],
      ),
    );
    await withoutIndexes(client, 'contract_vendors', () =>
      client.query(
        `WITH c AS (SELECT id, organization_id, row_number() OVER (ORDER BY id) AS n FROM contracts WHERE id > (SELECT coalesce(max(contract_id), 0) FROM contract_vendors)),
              v AS (SELECT id, organization_id, row_number() OVER (PARTITION BY organization_id ORDER BY id) AS n FROM vendors WHERE number >= 300000 AND number < 900000)
         INSERT INTO contract_vendors (contract_id, vendor_id, share_percentage, position)
         SELECT c.id, v.id, 100, 1 FROM c JOIN v ON v.organization_id = c.organization_id AND v.n = (c.n - 1) / $1 + 1`,
        [orgs.length],
      ),
    );
  } finally {
    await client.end();
  }
}
