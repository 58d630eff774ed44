/* fusekern 0.2 -> 0.3: ALTER EXTENSION fusekern UPDATE TO '0.3' */
\echo Use "ALTER EXTENSION fusekern UPDATE TO '0.3'" to load this file. \quit

-- Each change of the SQL surface since 0.2 is a block below, in the order
-- the changes were made; a fresh install of 0.3 (src/sql/) and 0.2 (or 0.1)
-- updated by the scripts must leave the same catalog (test/t/upgrade.pl).
