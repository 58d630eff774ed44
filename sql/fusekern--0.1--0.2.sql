/* fusekern 0.1 -> 0.2: ALTER EXTENSION fusekern UPDATE TO '0.2' */
\echo Use "ALTER EXTENSION fusekern UPDATE TO '0.2'" to load this file. \quit

-- Each change of the SQL surface since 0.1 is a block below, in the order
-- the changes were made; a fresh install of 0.2 (src/sql/) and 0.1 updated
-- by this script must leave the same catalog (test/t/upgrade.pl).
