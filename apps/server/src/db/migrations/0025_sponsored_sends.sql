-- Fees paid for the member (sponsor/). A sponsored send names who paid its network fee and signed first: on
-- EVM the sponsor submits the member's EIP-3009 authorisation from its own address, with its own nonce, so the
-- nonces a send takes are those of its fee payer. A held send keeps whether its caller asked for sponsorship,
-- so that its replay asks the same.
ALTER TABLE sends ADD COLUMN fee_payer text;
ALTER TABLE held_actions ADD COLUMN sponsored boolean NOT NULL DEFAULT false;
