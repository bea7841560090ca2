// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

/// @title Multicall3, the part Charter uses
/// @notice Batches several calls into one `eth_call`, so a balance read costs one request per chain. It has the
/// ABI of the Multicall3 deployed at 0xcA11bde05977b3631167028862bE2a173976CA11 on public chains, for the two
/// functions Charter calls (`aggregate3`, `getEthBalance`); the devnet places it at that address with
/// `anvil_setCode`. Written for Charter; the other Multicall3 functions are left out on purpose.
contract Multicall3 {
    struct Call3 {
        address target;
        bool allowFailure;
        bytes callData;
    }

    struct Result {
        bool success;
        bytes returnData;
    }

    /// @notice A call that was not allowed to fail did; `returnData` is what it reverted with.
    error CallFailed(uint256 index, bytes returnData);

    /// @notice Makes each call in order and returns every outcome; reverts only for a failed call that did not
    /// allow failure. Payable, as in the deployed Multicall3, though the calls forward no value.
    function aggregate3(Call3[] calldata calls) external payable returns (Result[] memory returnData) {
        uint256 length = calls.length;
        returnData = new Result[](length);
        for (uint256 i = 0; i < length; ++i) {
            Call3 calldata call = calls[i];
            (bool success, bytes memory data) = call.target.call(call.callData);
            if (!success && !call.allowFailure) revert CallFailed(i, data);
            returnData[i] = Result(success, data);
        }
    }

    /// @notice The native balance of `addr`, in wei.
    function getEthBalance(address addr) external view returns (uint256 balance) {
        balance = addr.balance;
    }
}
