// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

import {Owned1271} from "./Owned1271.sol";

/// Deploys Owned1271 wallets at addresses known before they exist (CREATE2): what an EIP-6492 signature names, so
/// a wallet not yet deployed can sign in.
contract Owned1271Factory {
    function deploy(address owner, bytes32 salt) external returns (address) {
        return address(new Owned1271{salt: salt}(owner));
    }

    function addressOf(address owner, bytes32 salt) external view returns (address) {
        bytes32 code = keccak256(abi.encodePacked(type(Owned1271).creationCode, abi.encode(owner)));
        return address(uint160(uint256(keccak256(abi.encodePacked(bytes1(0xff), address(this), salt, code)))));
    }
}
