// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

/// A hostile EIP-1271 wallet for tests: it calls every signature valid. Sign-in must accept it only as its own
/// address, never as another one's.
contract AlwaysValid1271 {
    function isValidSignature(bytes32, bytes calldata) external pure returns (bytes4) {
        return 0x1626ba7e;
    }
}
