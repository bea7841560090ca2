// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

/// A smart-contract wallet for tests (EIP-1271): a signature is valid when its one owner made it. A test either
/// places the code and writes `owner` into slot 0, or has Owned1271Factory deploy it (EIP-6492's counterfactual case).
contract Owned1271 {
    address public owner;

    constructor(address initialOwner) {
        owner = initialOwner;
    }

    function isValidSignature(bytes32 hash, bytes calldata signature) external view returns (bytes4) {
        if (signature.length != 65) return 0xffffffff;
        bytes32 r = bytes32(signature[0:32]);
        bytes32 s = bytes32(signature[32:64]);
        uint8 v = uint8(signature[64]);
        address signer = ecrecover(hash, v, r, s);
        return signer != address(0) && signer == owner ? bytes4(0x1626ba7e) : bytes4(0xffffffff);
    }
}
