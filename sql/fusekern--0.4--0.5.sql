/* fusekern 0.4 -> 0.5: ALTER EXTENSION fusekern UPDATE TO '0.5' */
\echo Use "ALTER EXTENSION fusekern UPDATE TO '0.5'" to load this file. \quit

-- Each change of the SQL surface since 0.4 is a block below, in the order
-- the changes were made; a fresh install of 0.5 (src/sql/) and every earlier
-- release updated by the scripts must leave the same catalog
-- (test/t/upgrade.pl).
